// Guards the project's own Node: npm scripts must run on the Node 24 installed as a devDependency.
if (!process.version.startsWith("v24.")) {
  console.error(`qifu needs Node 24 from node_modules (got ${process.version}); run through npm run / npx.`);
  process.exit(1);
}
