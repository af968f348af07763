// Written by npm run build from package.json's "version", the one place the version is set (.ci/run fails
// when this file is stale).
export const VERSION = '0.15.0';
