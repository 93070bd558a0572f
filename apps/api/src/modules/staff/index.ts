// What the rest of the server may use of staff; everything else in the folder is its own.
export { changeUser, insertUser, markUserSignedIn } from './user-records.service';
