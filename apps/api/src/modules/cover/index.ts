// What the rest of the server may use of cover; everything else in the folder is its own.
export { remindStorage } from './cover.service';
