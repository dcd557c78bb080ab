import { describe, expect, it } from 'vitest';
import {
  entryChunks,
  hasPreact,
  initialChunks,
  landingProblems,
  officeChunksInCustomerApp,
  preloadProblems,
  reactPackagesIn,
  spanishTextsIn,
} from './check-bundle';

const manifest = {
  'index.html': { file: 'index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['pdf.ts'] },
  'office/index.html': { file: 'office.js', isEntry: true, src: 'office/index.html', imports: ['_shared.js'] },
  '_shared.js': { file: 'shared.js' },
  'pdf.ts': { file: 'jspdf.js', src: 'customer/lib/pdf.ts' },
};

describe('initialChunks', () => {
  it("follows static imports from the customer's entry and leaves dynamic ones and the office's entry out", () => {
    expect(
      initialChunks(manifest)
        .map((c) => c.file)
        .sort(),
    ).toEqual(['index.js', 'shared.js']);
  });
});

describe('officeChunksInCustomerApp', () => {
  it('is empty when the office is only its own entry', () => {
    expect(officeChunksInCustomerApp(manifest)).toEqual([]);
  });

  it('names an office chunk the customer app can load lazily', () => {
    const leaking = {
      ...manifest,
      'pdf.ts': { ...manifest['pdf.ts'], dynamicImports: ['office/features/x.tsx'] },
      'office/features/x.tsx': { file: 'x.js', src: 'office/features/x.tsx' },
    };
    expect(officeChunksInCustomerApp(leaking)).toEqual(['x.js']);
  });
});

describe('reactPackagesIn and hasPreact', () => {
  it("find React's packages, not those named after it, among a source map's sources", () => {
    const preact = ['../../node_modules/preact/compat/dist/compat.mjs', '../../node_modules/react-router/dist/production/index.mjs'];
    expect(reactPackagesIn(preact)).toEqual([]);
    expect(hasPreact(preact)).toBe(true);
    const react = [
      '../../node_modules/react-dom/cjs/react-dom-client.production.js',
      '../../node_modules/react/cjs/react.production.js',
      '../../node_modules/scheduler/cjs/scheduler.production.js',
      '../../node_modules/react-i18next/dist/es/index.js',
    ];
    expect(reactPackagesIn(react)).toEqual(['react', 'react-dom', 'scheduler']);
    expect(hasPreact(react)).toBe(false);
  });
});

describe('entryChunks', () => {
  it("follows the office's entry statically, as the customer's", () => {
    expect(
      entryChunks(manifest, 'office/index.html')
        .map((c) => c.file)
        .sort(),
    ).toEqual(['office.js', 'shared.js']);
  });
});

describe('preloadProblems', () => {
  const built = new Set(['/assets/dashboard-1.js', '/assets/signed-in-2.js', '/assets/signed-in-3.css', '/assets/jspdf-4.js']);
  const page = {
    path: '/',
    scripts: ['/assets/dashboard-1.js', '/assets/signed-in-2.js'],
    styles: ['/assets/signed-in-3.css'],
    data: ['/api/dashboard'],
    early: [] as string[],
  };

  it("is empty when every page's files are in the build", () => {
    expect(preloadProblems([page], (f) => built.has(f))).toEqual([]);
  });

  it('names a file not in the build, the PDF library, a page without scripts and data that is not the API', () => {
    expect(
      preloadProblems(
        [
          { ...page, scripts: [...page.scripts, '/assets/gone-5.js', '/assets/jspdf-4.js'] },
          { path: '/settings', scripts: [], styles: [], data: ['/settings'], early: ['/assets/warm-intl-6.js'] },
        ],
        (f) => built.has(f),
      ),
    ).toEqual([
      '/: /assets/gone-5.js is not in the build',
      '/: /assets/jspdf-4.js is the PDF library',
      '/settings: no script',
      '/settings: /assets/warm-intl-6.js is not in the build',
      '/settings: /settings is not an API answer',
    ]);
    expect(preloadProblems([], () => true)).toEqual(['no page has preloads']);
  });
});

describe('spanishTextsIn', () => {
  it("finds the app's Spanish texts in a first page's code, not its English ones", () => {
    const office = 'const e={nav:{audit:"Audit log"}},s={nav:{audit:"Registro de auditoría",main:"Secciones de la oficina"}};';
    expect(spanishTextsIn(office, 'office')).toEqual(expect.arrayContaining(['Registro de auditoría', 'Secciones de la oficina']));
    expect(spanishTextsIn('const e={nav:{audit:"Audit log",main:"Office sections"}};', 'office')).toEqual([]);
    // Every file of locales/es, not only common.json: the sign-in page's title is auth.json's.
    expect(spanishTextsIn('const t={title:"Acceso de oficina"};', 'office')).toEqual(['Acceso de oficina']);
  });
});

describe('landingProblems', () => {
  const page = (path: string, scripts: string[]) => ({ path, scripts, styles: [], data: [], early: [] });
  it("names the record screens' chunk on the landing screen's page, and a missing landing page", () => {
    expect(landingProblems('office', [page('/office', ['/assets/office-inbox-1.js', '/assets/office-signed-in-2.js'])])).toEqual([]);
    expect(landingProblems('office', [page('/office', ['/assets/office-inbox-1.js', '/assets/office-records-3.js'])])).toEqual([
      "/office: /assets/office-records-3.js is the record screens' chunk",
    ]);
    expect(landingProblems('customer', [page('/quotes', ['/assets/customer-records-3.js'])])).toEqual([
      "no preloads for the customer's landing screen",
    ]);
  });
});
