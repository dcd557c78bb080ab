import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// With its extension: Vite's coming native config loader resolves no extensionless relative import.
import { chunkFilesPath, WARM_INTL_CHUNK, type ChunkFiles } from '../server/platform/http/chunk-files.ts';

/**
 * The build's part of the signed-in pages' preloads (decision 280): each named chunk beyond the first
 * page (a feature's, the signed-in chunk) with its static imports and style sheets, written to
 * dist/web/.vite/{app}-chunks.json (chunk-files.ts). Which page loads which chunks, and which API answers, is
 * server/platform/http/page-preloads.ts's SCREENS; check:bundle fails when it names a chunk not here.
 */
const WARM_INTL = new URL('../web/shared/lib/warm-intl.js', import.meta.url);

export const screenPreloads = (): Plugin => ({
  name: 'screen-preloads',
  apply: 'build',
  buildStart() {
    this.addWatchFile(fileURLToPath(WARM_INTL));
  },
  generateBundle(_options, bundle) {
    const app = this.environment.name === 'office' ? 'office' : 'customer';
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const outsideFirstPage = (c: (typeof chunks)[number]) => !c.isEntry && c.name !== `${app}-first-page`;
    const files: ChunkFiles = {};
    for (const named of chunks.filter((c) => outsideFirstPage(c) && c.name.startsWith(`${app}-`))) {
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk || !outsideFirstPage(chunk) || scripts.has(fileName)) return;
        scripts.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        chunk.imports.forEach(visit);
      };
      visit(named.fileName);
      files[named.name] = { scripts: [...scripts].map((f) => `/${f}`), styles: [...styles].map((f) => `/${f}`) };
    }
    // The plain script a signed-in page runs before its app (decision 281), under a content hash in
    // assets/ like every other file there, so it is cached for a year (issue 27 item 3).
    const warmIntl = this.emitFile({ type: 'asset', name: 'warm-intl.js', source: fs.readFileSync(WARM_INTL) });
    files[WARM_INTL_CHUNK] = { scripts: [`/${this.getFileName(warmIntl)}`], styles: [] };
    this.emitFile({ type: 'asset', fileName: chunkFilesPath(app), source: JSON.stringify(files, null, 2) });
  },
});
