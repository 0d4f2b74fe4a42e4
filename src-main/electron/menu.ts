import { Menu, type MenuItemConstructorOptions } from 'electron';
import { menuTemplate, type MenuAction, type MenuItemSpec } from './menu-template';
import type { CatalogLanguage } from '../domain/messages/catalogs';

/** Sets the app menu for `language`: the plain template of menu-template.ts, each action bound to a click. */
export function installMenu(
  options: { language: CatalogLanguage; development: boolean },
  actions: Record<MenuAction, () => void>,
): void {
  const toElectron = ({ action, submenu, role, ...item }: MenuItemSpec): MenuItemConstructorOptions => ({
    ...item,
    ...(role ? { role: role as MenuItemConstructorOptions['role'] } : {}),
    ...(submenu ? { submenu: submenu.map(toElectron) } : {}),
    ...(action ? { click: () => actions[action]() } : {}),
  });
  const template = menuTemplate({ ...options, platform: process.platform });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template.map(toElectron)));
}
