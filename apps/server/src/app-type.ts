/** The only thing the web app may import from the server: the type of its API. */
export type { AppType } from './app';
