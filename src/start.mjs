// The service's entry point, in plain JavaScript so that any Node.js can read it: the service itself
// is TypeScript that Node.js 24 runs as it is, which an older Node.js cannot even load.
const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_MAJOR) {
  const { existsSync } = await import('node:fs');
  const { URL } = await import('node:url');
  // The `node` package brings Node.js 24 by its install script, which `npm ci --ignore-scripts` skips.
  const skipped = existsSync(new URL('../node_modules/node/package.json', import.meta.url)) && !existsSync(new URL('../node_modules/node/bin/node', import.meta.url));
  const how = skipped
    ? `the install script of the dependency that brings Node.js ${REQUIRED_MAJOR} did not run (npm ci --ignore-scripts?): run npm rebuild node, or install Node.js ${REQUIRED_MAJOR}`
    : `run it with npm start (npm ci installs Node.js ${REQUIRED_MAJOR}) or install Node.js ${REQUIRED_MAJOR}`;
  console.error(`healthops needs Node.js ${REQUIRED_MAJOR} or later, this is ${process.version}: ${how}`);
  process.exit(1);
}
await import('./main.ts');
