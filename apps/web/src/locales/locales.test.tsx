import { ERROR_CODES, LANGUAGES, V } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { resources } from './index';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

describe('translations', () => {
  it.each(LANGUAGES)('%s translates every error code of the contract', (language) => {
    const errors = resources[language].errors as Record<string, string>;
    const missing = ERROR_CODES.filter((code) => !errors[code]?.trim());
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s translates every validation key of the contract', (language) => {
    const validation = resources[language].validation as Record<string, string>;
    const missing = Object.values(V).filter((key) => !validation[key]?.trim());
    expect(missing).toEqual([]);
  });

  it("keeps the spec's validation texts in pt and en", () => {
    for (const language of ['pt', 'en'] as const) {
      expect(resources[language].validation).toMatchObject({
        required: 'Required',
        tooShort: 'Too Short!',
        tooLong: 'Too Long!',
        invalidEmail: 'Invalid email',
      });
    }
  });

  it('has the same keys in every language and namespace', () => {
    expect(Object.keys(resources.pt)).toEqual(expect.arrayContaining(['common', 'errors', 'validation', 'shell']));
    for (const language of LANGUAGES) expect(Object.keys(resources[language]).sort()).toEqual(Object.keys(resources.pt).sort());
    for (const namespace of Object.keys(resources.pt) as (keyof typeof resources.pt)[]) {
      const reference = keysOf(resources.pt[namespace] as Tree).sort();
      for (const language of LANGUAGES) {
        expect({ language, namespace, keys: keysOf(resources[language][namespace] as Tree).sort() }).toEqual({
          language,
          namespace,
          keys: reference,
        });
      }
    }
  });

  it('keeps the Portuguese texts the spec quotes', () => {
    expect(resources.pt.common.confirmDelete).toBe('Deseja realmente excluir esse registro?');
    expect(resources.pt.common.noPermission).toBe(
      'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    );
    expect(resources.pt.common.sessionTaken).toBe('Sua conta foi acessada em outro computador.');
    expect(resources.pt.errors.fallback).toBe('Ocorreu um erro!');
    expect(resources.pt.users.saved).toBe('Usuário salvo com sucesso!');
    expect(resources.pt.common.noRecords).toBe('Nenhum registro');
  });
});
