// Node 20 has no fs.globSync; the conformance suite imports it by name. This
// loader resolves the suite's "fs" to node:fs plus a globSync that handles the
// one pattern the suite uses ("**/<file name>").
export async function resolve(specifier, context, next) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL && context.parentURL.includes('/@modelcontextprotocol/conformance/')) {
    return { url: 'mcpgauge-shim:fs', shortCircuit: true };
  }
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url === 'mcpgauge-shim:fs') {
    return { format: 'module', shortCircuit: true, source: `
import fs from 'node:fs';
import path from 'node:path';
export * from 'node:fs';
export default fs;
export function globSync(pattern, opts = {}) {
  const cwd = opts.cwd ?? process.cwd();
  const m = /^\\*\\*\\/([^*?\\[\\]{}\\/]+)$/.exec(pattern);
  if (!m) throw new Error('globSync stub: unsupported pattern ' + pattern);
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(cwd, dir), { withFileTypes: true })) {
      const rel = dir ? path.join(dir, e.name) : e.name;
      if (e.isDirectory()) walk(rel); else if (e.name === m[1]) out.push(rel);
    }
  };
  walk('');
  return out;
}` };
  }
  return next(url, context);
}
