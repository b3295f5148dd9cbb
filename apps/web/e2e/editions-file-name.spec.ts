import { expect, test } from '@playwright/test';
import { parseEditionName } from '../src/features/files/utils/parse-edition-name.ts';

const CASES: [string, ReturnType<typeof parseEditionName>][] = [
  ['Teevo_English_2025_03.pdf', { book: 'Teevo', language: 'English', year: 2025, month: 3 }],
  ['Take5 - French - March 2025.pdf', { book: 'Take5', language: 'French', year: 2025, month: 3 }],
  ['teevo-spanish-2024-11.PDF', { book: 'teevo', language: 'spanish', year: 2024, month: 11 }],
  [
    'Teevo Brazilian Portuguese Dec 2023.pdf',
    { book: 'Teevo', language: 'Brazilian Portuguese', year: 2023, month: 12 },
  ],
  ['Take5_Marathi_2026_1.pdf', { book: 'Take5', language: 'Marathi', year: 2026, month: 1 }],
  ['Teevo English.pdf', { book: 'Teevo', language: 'English' }],
  ['scan.pdf', { book: 'scan' }],
  ['.pdf', {}],
];

for (const [name, expected] of CASES) {
  test(`the upload dialog reads "${name}"`, () => {
    expect(parseEditionName(name)).toEqual(expected);
  });
}
