// What the rest of the server may use of package-imports; everything else in the folder is its own.
export { noticeImportProblem } from './import-notices.service';
export { claimImport, createImport, getImport, receiveRecords, runImport } from './package-imports.service';
