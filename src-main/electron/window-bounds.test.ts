import { describe, expect, it } from 'vitest';
import { placeWindow, type DisplayArea } from './window-bounds';

// A 1920x1080 laptop (task bar at the bottom) with a 2560x1440 monitor to its right.
const laptop: DisplayArea = { workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
const monitor: DisplayArea = { workArea: { x: 1920, y: 0, width: 2560, height: 1400 } };
const both = [laptop, monitor];

describe('placeWindow', () => {
  it('centres the default size on the primary display the first time', () => {
    expect(placeWindow(null, both, laptop)).toEqual({
      bounds: { x: 300, y: 90, width: 1320, height: 860 },
      maximized: false,
    });
  });

  it('shrinks the default size to a small primary display', () => {
    const small: DisplayArea = { workArea: { x: 0, y: 25, width: 1280, height: 775 } };
    expect(placeWindow(null, [small], small).bounds).toEqual({ x: 0, y: 25, width: 1280, height: 775 });
  });

  it('keeps saved bounds whose title bar is on a display, maximized state included', () => {
    const saved = { bounds: { x: 2400, y: 200, width: 1400, height: 900 }, maximized: true };
    expect(placeWindow(saved, both, laptop)).toEqual(saved);
    // Mostly off the right edge of the monitor, but 200 px of title bar still to grab.
    const edge = { bounds: { x: 4280, y: 100, width: 1320, height: 860 }, maximized: false };
    expect(placeWindow(edge, both, laptop)).toEqual(edge);
  });

  it('moves a window from an unplugged monitor onto the display nearest to where it was', () => {
    const saved = { bounds: { x: 2400, y: 200, width: 1400, height: 900 }, maximized: false };
    expect(placeWindow(saved, [laptop], laptop)).toEqual({
      bounds: { x: 520, y: 140, width: 1400, height: 900 },
      maximized: false,
    });
  });

  it('shrinks a window bigger than the display it lands on', () => {
    const saved = { bounds: { x: 2000, y: 50, width: 2400, height: 1300 }, maximized: true };
    expect(placeWindow(saved, [laptop], laptop)).toEqual({
      bounds: { x: 0, y: 0, width: 1920, height: 1040 },
      maximized: true,
    });
  });

  it('brings back a title bar that is above the top of every display', () => {
    const saved = { bounds: { x: 100, y: -400, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(saved, both, laptop).bounds).toEqual({ x: 100, y: 0, width: 1000, height: 700 });
  });

  it('brings back a window whose title bar shows only a sliver', () => {
    const saved = { bounds: { x: -1250, y: 300, width: 1300, height: 800 }, maximized: false };
    expect(placeWindow(saved, both, laptop).bounds).toEqual({ x: 0, y: 240, width: 1300, height: 800 });
  });

  it('uses the primary display when the system reports none', () => {
    const saved = { bounds: { x: 5000, y: 5000, width: 800, height: 600 }, maximized: false };
    expect(placeWindow(saved, [], laptop).bounds).toEqual({ x: 1120, y: 440, width: 800, height: 600 });
  });
});
