import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const serverImport = { group: ['**/server/*'], message: 'The browser code may import contracts/, never server/.' };
const features = ['auth', 'dashboard', 'quotes', 'work-orders', 'submit-work-order', 'profile'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A catch must say why it swallows (a comment) or handle the error.
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The web app never imports server code; both share only contracts/.
  {
    files: ['web/**/*.{ts,tsx}', 'contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverImport] }],
    },
  },
  // Features do not import each other (bulletproof-react): shared pieces live in components/ or lib/.
  ...features.map((feature) => ({
    files: [`web/customer/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImport,
            ...features
              .filter((other) => other !== feature && other !== 'auth')
              .map((other) => ({ group: [`**/features/${other}/*`, `../${other}/*`], message: 'Features do not import each other; move the shared piece to web/components or web/lib.' })),
          ],
        },
      ],
    },
  })),
);
