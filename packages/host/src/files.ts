// Uploads are measured the way the form page of @formrequest/server measures them (one implementation).
export {
  acceptProblem,
  cleanFileName,
  typeFromName,
  type UploadFacts,
  uploadFacts,
} from '@formrequest/server';
