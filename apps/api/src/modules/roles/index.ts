// What the rest of the server may use of roles; everything else in the folder is its own.
export { createDefaultRoles } from './roles.service';
