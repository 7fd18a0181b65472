/** The host's menu, loaded after the first paint (the table shell and the side panel both show it). */
import { later } from '../i18n/packs';
import { lazy } from '../lib/lazy';

export const AdminMenu = lazy(() => later(import('./Admin')).then((m) => m.AdminMenu), null);
