/** A rectangle in screen pixels (Electron's `Rectangle`). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the shell remembers of the window between launches. */
export interface WindowState {
  /** The normal (not maximized) bounds. */
  bounds: Rect;
  maximized: boolean;
}

/** A display, as far as placing a window goes: its area without task bars and docks. */
export interface DisplayArea {
  workArea: Rect;
}

export const DEFAULT_SIZE = { width: 1320, height: 860 };
export const MIN_SIZE = { width: 960, height: 600 };
/** How much of the title bar must be on a display for the user to grab the window. */
const TITLE_BAR = { height: 32, minVisibleWidth: 120 };

/**
 * Where the window opens: the saved bounds when their title bar is on a display the user
 * has now; otherwise the saved size (shrunk to fit) moved onto the display nearest to where
 * it was; with nothing saved, the default size centred on the primary display. Plain data
 * in and out (Heynote's window-bounds.ts does the same).
 */
export function placeWindow(
  saved: WindowState | null,
  displays: readonly DisplayArea[],
  primary: DisplayArea,
): WindowState {
  if (!saved) return { bounds: centred(DEFAULT_SIZE, primary.workArea), maximized: false };
  const { bounds } = saved;
  if (displays.some((display) => titleBarVisible(bounds, display.workArea))) return saved;
  const target = nearest(bounds, displays.length > 0 ? displays : [primary]).workArea;
  const width = Math.min(bounds.width, target.width);
  const height = Math.min(bounds.height, target.height);
  return {
    bounds: {
      x: clamp(bounds.x, target.x, target.x + target.width - width),
      y: clamp(bounds.y, target.y, target.y + target.height - height),
      width,
      height,
    },
    maximized: saved.maximized,
  };
}

function titleBarVisible(bounds: Rect, area: Rect): boolean {
  const overlap = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
  const top = bounds.y >= area.y && bounds.y + TITLE_BAR.height <= area.y + area.height;
  return top && overlap >= Math.min(TITLE_BAR.minVisibleWidth, bounds.width);
}

function nearest(bounds: Rect, displays: readonly DisplayArea[]): DisplayArea {
  const cx = bounds.x + bounds.width / 2;
  const cy = bounds.y + bounds.height / 2;
  const distance = ({ workArea: a }: DisplayArea) =>
    Math.hypot(cx - clamp(cx, a.x, a.x + a.width), cy - clamp(cy, a.y, a.y + a.height));
  return displays.reduce((best, display) => (distance(display) < distance(best) ? display : best));
}

function centred(size: { width: number; height: number }, area: Rect): Rect {
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  return {
    x: Math.round(area.x + (area.width - width) / 2),
    y: Math.round(area.y + (area.height - height) / 2),
    width,
    height,
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(value, Math.max(low, high)));
}
