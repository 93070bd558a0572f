// What the rest of the server may use of app-settings: the writers of the app_settings table, which
// this module alone writes (scripts/table-writers.mjs). It has no routes.
export { keepOnce, putAppSetting, removeAppSetting } from './app-settings.service';
