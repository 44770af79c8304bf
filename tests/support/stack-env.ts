/** The addresses of the shared local servers, handed from the global setup to every test file. */
export interface StackEnv {
  MONGO_URL: string;
  REDIS_URL: string;
  S3_ENDPOINT: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  SMTP_URL: string;
  MAILBOX_URL: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackEnv;
  }
}
