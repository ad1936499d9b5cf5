// Every workspace must declare the same exact version of a package: one pinned map for the whole repo,
// so the federation singletons (react, react-dom, router, query, i18next) can never drift apart.
import fs from 'node:fs';
import path from 'node:path';

const root = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const seen = new Map();
const problems = [];
for (const ws of ['.', ...root.workspaces]) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ws, 'package.json'), 'utf8'));
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
    for (const [name, version] of Object.entries(pkg[field] ?? {})) {
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version))
        problems.push(`${ws}: ${name}@${version} is not pinned exactly`);
      const prior = seen.get(name);
      if (prior && prior.version !== version) {
        problems.push(`${name}: ${prior.ws} has ${prior.version}, ${ws} has ${version}`);
      } else if (!prior) seen.set(name, { ws, version });
    }
  }
}
if (problems.length) {
  console.error(`Dependency versions disagree:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.info(
  `check-versions: ${seen.size} packages pinned once across ${root.workspaces.length + 1} manifests`,
);
