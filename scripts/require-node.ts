/** The server and the test runner refuse older Node versions with a clear message. */
export function requireNode(minMajor = 22): void {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < minMajor) {
    console.error(
      `Node ${process.versions.node} is too old: this project needs Node ${minMajor} or newer. ` +
        "Run it through npm scripts (npm start, npm test) so the pinned Node 24 is used.",
    );
    process.exit(1);
  }
}
