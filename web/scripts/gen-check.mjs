// Fails when src/lib/api/schema.d.ts is not what `npm run gen` makes from ../api/openapi.yaml.
// Same pipeline as `npm run gen` (openapi-typescript CLI, then Prettier with this project's
// config for the target path), but into a temporary file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const spec = join(root, '..', 'api', 'openapi.yaml');
const target = join(root, 'src', 'lib', 'api', 'schema.d.ts');
const tmp = mkdtempSync(join(tmpdir(), 'dwa-gen-'));

try {
  const raw = join(tmp, 'schema.d.ts');
  execFileSync(join(root, 'node_modules', '.bin', 'openapi-typescript'), [spec, '-o', raw], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const options = (await prettier.resolveConfig(target)) ?? {};
  const expected = await prettier.format(readFileSync(raw, 'utf8'), {
    ...options,
    filepath: target,
  });
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // missing file: reported below as drift
  }
  if (committed !== expected) {
    console.error(
      'gen:check: src/lib/api/schema.d.ts is out of date with api/openapi.yaml.\n' +
        '           Run `npm run gen` in web/ and commit the result.',
    );
    process.exit(1);
  }
  console.log('gen:check: src/lib/api/schema.d.ts matches api/openapi.yaml');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
