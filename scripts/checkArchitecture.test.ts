import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkArchitecture, findCycles, importsOf, layerOf, readRepository, type SourceFile } from './checkArchitecture.ts';

const file = (path: string, ...imports: string[]): SourceFile => ({ path, text: imports.map((i) => `import { x } from '${i}';`).join('\n') });

/** The rules each deliberately wrong import breaks, as the checker words them. */
function rulesFor(files: SourceFile[]): string[] {
  return checkArchitecture(files).map((v) => `${v.file} ${v.target} :: ${v.rule}`);
}

describe('checkArchitecture', () => {
  it('passes on the repository as it stands', () => {
    const files = readRepository(resolve(import.meta.dirname, '..'));
    expect(files.length).toBeGreaterThan(400);
    expect(checkArchitecture(files)).toEqual([]);
  });

  it('gives each path its layer', () => {
    expect(layerOf('src/domains/designer/DesignCanvas.tsx')).toBe('src/domains');
    expect(layerOf('src/routes/campaign/CampaignPage.tsx')).toBe('src/routes');
    expect(layerOf('server/domain/campaigns.ts')).toBe('server/domain');
    expect(layerOf('server/testing/testApp.ts')).toBe('testing');
    expect(layerOf('core/design/commands.ts')).toBe('core');
    expect(layerOf('workers/image.worker.ts')).toBe('workers');
  });

  it('reads static, type, dynamic, re-export and worker URL imports', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "const d = await import('./d.ts');",
      "new Worker(new URL('../../workers/image.worker.ts', import.meta.url), { type: 'module' });",
      "import e from 'konva';",
      "import './side-effect.css';",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(['../../workers/image.worker.ts', '../b.ts', './a.ts', './c.ts', './d.ts', './side-effect.css', 'konva'].sort());
  });

  it('refuses workers/ from anywhere in src/ but the pipeline', () => {
    expect(rulesFor([file('src/domains/designer/DesignCanvas.tsx', '../../../workers/designExport.ts')])).toEqual([
      expect.stringContaining('only src/pipeline/ talks to workers/'),
    ]);
    expect(rulesFor([file('src/pipeline/createPipeline.ts', '../../workers/types.ts')])).toEqual([]);
  });

  it('keeps the dependency direction routes → domains → lower layers', () => {
    expect(rulesFor([file('src/domains/campaign/CampaignGate.tsx', '../../routes/system/NotFoundPage.tsx')])).toEqual([
      expect.stringContaining('src/domains/ must not import src/routes/'),
    ]);
    expect(rulesFor([file('src/ui/Button.tsx', '../domains/account/accountStore.ts')])).toEqual([expect.stringContaining('src/ui/ must not import src/domains/')]);
    expect(rulesFor([file('src/api/account.ts', '../app/uiStore.ts')])).toEqual([expect.stringContaining('src/api/ must not import src/app/')]);
    expect(rulesFor([file('src/lib/format.ts', '../api/index.ts')])).toEqual([expect.stringContaining('src/lib/ must not import src/api/')]);
    expect(rulesFor([file('src/routes/campaign/CampaignPage.tsx', '../../domains/campaign/CampaignGate.tsx', '../../api/campaigns.ts')])).toEqual([]);
  });

  it('lets one domain use another only through its public.ts', () => {
    expect(rulesFor([file('src/domains/create/CampaignForm.tsx', '../account/accountStore.ts')])).toEqual([
      expect.stringContaining('domains/create may use domains/account only through domains/account/public.ts'),
    ]);
    expect(rulesFor([file('src/domains/create/CampaignForm.tsx', '../account/public.ts')])).toEqual([]);
    expect(rulesFor([file('src/app/layout/Navbar.tsx', '../../domains/account/AccountMenu.tsx')])).toEqual([expect.stringContaining('src/app/ uses a domain only through its public.ts')]);
  });

  it('keeps HTTP out of server/domain/ and server/infra/', () => {
    expect(rulesFor([file('server/domain/campaigns.ts', '../http/apiError.ts')])).toEqual([expect.stringContaining('server/domain/ must not import server/http/')]);
    expect(rulesFor([file('server/domain/uploadSweep.ts', 'fastify')])).toEqual([expect.stringContaining('knows no HTTP framework')]);
    expect(rulesFor([file('server/infra/tokens.ts', '../domain/accounts.ts')])).toEqual([expect.stringContaining('server/infra/ must not import server/domain/')]);
    expect(rulesFor([file('server/routes/campaigns.ts', 'fastify', '../domain/campaigns.ts', '../http/requireAccount.ts')])).toEqual([]);
  });

  it('keeps the shared layers free of the UI stack and of the app and server', () => {
    expect(rulesFor([file('core/design/designRender.ts', 'konva')])).toEqual([expect.stringContaining('core/ stays free of React, Konva, zustand and i18next')]);
    expect(rulesFor([file('workers/decode.ts', 'react')])).toEqual([expect.stringContaining('workers/ stays free')]);
    expect(rulesFor([file('core/placement.ts', '../src/lib/format.ts')])).toEqual([expect.stringContaining('core/ must not import src/')]);
    expect(rulesFor([file('contract/campaign.ts', '../core/geometry.ts')])).toEqual([expect.stringContaining('contract/ must not import core/')]);
    expect(rulesFor([file('server/app.ts', '../src/lib/format.ts')])).toEqual([expect.stringContaining('server/ must not import src/')]);
    expect(rulesFor([file('server/domain/x.ts', 'react')])).toEqual([expect.stringContaining('server/ does not use React')]);
  });

  it('keeps test helpers out of product code but lets tests and tools use them', () => {
    expect(rulesFor([file('src/domains/designer/FrameDesigner.tsx', '../../testing/designUi.ts')])).toEqual([expect.stringContaining('test helpers stay out of product code')]);
    expect(rulesFor([file('src/domains/designer/FrameDesigner.test.tsx', '../../testing/designUi.ts')])).toEqual([]);
    expect(rulesFor([file('tests/e2e/routes.spec.ts', '../testing/pageFixture.ts')])).toEqual([]);
  });

  it('refuses import cycles, type-only ones included', () => {
    const cycle = [
      { path: 'bench/run.ts', text: "import { writeResults } from './report.ts';" },
      { path: 'bench/report.ts', text: "import type { RawResults } from './run.ts';" },
    ];
    expect(rulesFor(cycle)).toEqual(['bench/report.ts bench/report.ts → bench/run.ts :: no import cycles']);
    expect(findCycles(new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]))).toEqual([['a', 'b', 'c']]);
  });
});
