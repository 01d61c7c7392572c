// The service's entry point, in plain JavaScript so that any Node.js can read it: the service itself
// is TypeScript that Node.js 24 runs as it is, which an older Node.js cannot even load.
const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_MAJOR) {
  console.error(`healthops needs Node.js ${REQUIRED_MAJOR} or later, this is ${process.version}: run it with npm start (npm ci installs Node.js ${REQUIRED_MAJOR}) or install Node.js ${REQUIRED_MAJOR}`);
  process.exit(1);
}
await import('./main.ts');
