/** The server's HTTP routes and collections: what pb_hooks/*.pb.js read from lib/domain.js. */
export * from './collections.ts';
export * from './routes.ts';
