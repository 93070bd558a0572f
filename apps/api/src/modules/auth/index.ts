// What the rest of the server may use of auth; everything else in the folder is its own.
export { issueAccessToken, staffProfile } from './auth.service';
export { passwordLink } from './password-reset.service';
export { customerColumns } from './registration.service';
export { welcomeInvited } from './invitation-welcome.subscriber';
