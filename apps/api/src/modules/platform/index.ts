// What the rest of the server may use of platform; everything else in the folder is its own.
export { getPlatformSettings } from './platform-settings.service';
