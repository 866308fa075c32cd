declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    queuePrefix: string;
    baseUrl: string;
    fakeProvidersUrl: string;
    imapPort: number;
    imapPassword: string;
    photosDir: string;
  }
}
export {};
