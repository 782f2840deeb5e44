// Builds the server once into plain JavaScript, so a test run or `npm start` does not compile
// the TypeScript at every start: tsx spends about two seconds of a core on each start, and again
// in each PDF worker thread, and a test run starts dozens of servers.
//
// A build lives in dist/<hash of its sources>/, so a build of the same sources is reused by every
// process (the e2e workers, vitest, `npm start`) and a changed source gets a build of its own:
//   main.mjs                   src/main.ts with everything of src/ and shared-schema in it (the
//                              npm packages the server lists stay imports, resolved from here);
//   worker.mjs                 a PDF worker thread: what src/services/pdf/worker.mjs runs through
//                              tsx, already compiled;
//   tracking-page-worker.mjs   the tracking page's renderer thread (plain JavaScript, copied).
// The code finds its folders (migrations, the repository) from src/server-root.ts, wherever it
// runs from. `node build.mjs` builds (or finds) the current one and prints its folder.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, version as esbuildVersion } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
const SHARED_SCHEMA = join(HERE, '..', 'shared-schema');
const DIST = join(HERE, 'dist');
/** Builds kept beside the newest: a server still running may start a worker from its own. */
const KEEP_BUILDS = 3;

/** Every file under `dir`, recursively, in a stable order. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : [path];
    });
}

/** A hash of what the build is made from: the sources, the manifests, this script, esbuild. */
function sourceHash() {
  const hash = createHash('sha256').update(esbuildVersion);
  const inputs = [
    join(HERE, 'build.mjs'),
    join(HERE, 'package.json'),
    join(SHARED_SCHEMA, 'package.json'),
    ...filesUnder(join(HERE, 'src')),
    ...filesUnder(join(SHARED_SCHEMA, 'src')),
  ].filter((file) => !/\.test\.ts$/.test(file));
  for (const file of inputs)
    hash.update(relative(HERE, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** npm packages the server lists: left as imports, so native addons and their files load as usual. */
function ownPackages() {
  const manifest = JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8'));
  return new Set(
    Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
      (name) => !name.startsWith('@pilbara/'),
    ),
  );
}

/** The package a bare import names: `fastify` of `fastify/x`, `@fastify/static` of itself. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

async function buildInto(out) {
  const own = ownPackages();
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // A CommonJS package bundled in (dayjs, through shared-schema) may call require().
    banner: {
      js: "import { createRequire as __serverRequire } from 'node:module';\nconst require = __serverRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'server-packages-stay-imports',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('node:') || own.has(packageOf(args.path))
              ? { path: args.path, external: true }
              : undefined,
          );
        },
      },
    ],
  };
  await build({
    ...common,
    entryPoints: [join(HERE, 'src', 'main.ts')],
    outfile: join(out, 'main.mjs'),
  });
  await build({
    ...common,
    stdin: {
      contents:
        "import { renderTask, type PdfTask } from './render-task';\n" +
        'export default function render(task: PdfTask) {\n  return renderTask(task);\n}\n',
      resolveDir: join(HERE, 'src', 'services', 'pdf'),
      sourcefile: 'worker.ts',
      loader: 'ts',
    },
    outfile: join(out, 'worker.mjs'),
  });
  copyFileSync(
    join(HERE, 'src', 'services', 'tracking-page-worker.mjs'),
    join(out, 'tracking-page-worker.mjs'),
  );
}

/** Deletes all but the newest KEEP_BUILDS builds (and scratch folders left by a killed build). */
function pruneBuilds() {
  const entries = readdirSync(DIST)
    .map((name) => ({ name, path: join(DIST, name), time: statSync(join(DIST, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  const stale = Date.now() - 10 * 60_000;
  for (const [index, entry] of entries.entries()) {
    const scratch = entry.name.includes('.tmp-');
    if ((scratch && entry.time < stale) || (!scratch && index >= KEEP_BUILDS))
      rmSync(entry.path, { recursive: true, force: true });
  }
}

/**
 * The folder of the build of the current sources, built first when there is none (about a
 * second). Built in a scratch folder and renamed into place, so another process never sees half
 * a build; when two build at once, the first rename wins and the other's copy is dropped.
 */
export async function ensureServerBuild() {
  const out = join(DIST, sourceHash());
  if (existsSync(join(out, 'main.mjs'))) return out;
  const scratch = `${out}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(scratch, { recursive: true });
  try {
    await buildInto(scratch);
    try {
      renameSync(scratch, out);
    } catch (error) {
      if (!existsSync(join(out, 'main.mjs'))) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  pruneBuilds();
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const out = await ensureServerBuild();
  console.log(`${relative(process.cwd(), out)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
