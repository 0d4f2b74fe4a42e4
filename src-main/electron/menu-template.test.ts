import { describe, expect, it } from 'vitest';
import { menuTemplate, type MenuItemSpec } from './menu-template';

/** Every item of a template, submenus included, with the path of labels that leads to it. */
function items(template: MenuItemSpec[], path: string[] = []): { item: MenuItemSpec; path: string[] }[] {
  return template.flatMap((item) => {
    const here = [...path, item.label ?? '—'];
    return [{ item, path: here }, ...(item.submenu ? items(item.submenu, here) : [])];
  });
}

const labels = (template: MenuItemSpec[]) => template.map((item) => item.label);
const han = /\p{Script=Han}/u;
// Proper names and endonyms that stay as they are in any language.
const sameInEveryLanguage = new Set(['Cardwise', 'English', '简体中文']);

describe('the app menu', () => {
  it('has File, Edit, View and Help on Windows and Linux, in English', () => {
    const template = menuTemplate({ language: 'en', platform: 'linux', development: false });
    expect(labels(template)).toEqual(['File', 'Edit', 'View', 'Help']);
    expect(labels(template[0]!.submenu!)).toEqual(['Import Runs…', 'Export Runs…', undefined, 'Quit']);
    expect(labels(template[3]!.submenu!)).toEqual(['User Guide', 'Command-Line Tool…', undefined, 'About Cardwise']);
  });

  it('is all Chinese in the Chinese UI: no label left to Electron or in English', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      for (const development of [false, true]) {
        const template = menuTemplate({ language: 'zh-CN', platform, development });
        expect(labels(template).slice(-4)).toContain('帮助');
        for (const { item, path } of items(template)) {
          if (item.type === 'separator') continue;
          expect(item.label, path.join(' > ')).toBeTruthy();
          const label = item.label!;
          if (!sameInEveryLanguage.has(label)) expect(label, path.join(' > ')).toMatch(han);
        }
      }
    }
  });

  it('offers both languages with the current one checked, each named in its own language', () => {
    for (const language of ['en', 'zh-CN'] as const) {
      const view = menuTemplate({ language, platform: 'win32', development: false })[2]!;
      const choices = view.submenu![0]!.submenu!;
      expect(choices.map((c) => [c.label, c.checked, c.action])).toEqual([
        ['English', language === 'en', 'language:en'],
        ['简体中文', language === 'zh-CN', 'language:zh-CN'],
      ]);
    }
  });

  it('has zoom and full screen, and reload and DevTools only in development', () => {
    const roles = (development: boolean) =>
      items(menuTemplate({ language: 'en', platform: 'linux', development }))
        .map(({ item }) => item.role)
        .filter(Boolean);
    expect(roles(false)).toEqual(
      expect.arrayContaining(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen', 'quit']),
    );
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).not.toContain('reload');
    expect(roles(true)).toEqual(expect.arrayContaining(['toggleDevTools', 'reload']));
  });

  it('follows macOS habits: the app menu first, with About and Quit, and a Window menu', () => {
    const template = menuTemplate({ language: 'en', platform: 'darwin', development: false });
    expect(labels(template)).toEqual(['Cardwise', 'File', 'Edit', 'View', 'Window', 'Help']);
    const appMenu = labels(template[0]!.submenu!);
    expect(appMenu[0]).toBe('About Cardwise');
    expect(appMenu.at(-1)).toBe('Quit Cardwise');
    expect(labels(template[1]!.submenu!)).toEqual(['Import Runs…', 'Export Runs…']);
  });
});
