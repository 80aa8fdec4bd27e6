import type { Campaign } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { emptyCampaignForm, isCampaignEditable, showsSave, toCampaignInput } from './campaignForm';
import { addVariable } from './campaignSettings';

const now = new Date('2030-05-06T12:00:00.000Z');
const at = (minutesAhead: number) => new Date(now.getTime() + minutesAhead * 60_000).toISOString();
const campaign = (status: Campaign['status'], scheduledAt: string | null = null) => ({ status, scheduledAt });

describe('the campaign edit window', () => {
  it('is open while inactive, and while scheduled more than one hour ahead', () => {
    expect(isCampaignEditable(null, now)).toBe(true);
    expect(isCampaignEditable(campaign('INATIVA'), now)).toBe(true);
    expect(isCampaignEditable(campaign('PROGRAMADA', at(61)), now)).toBe(true);
    expect(isCampaignEditable(campaign('PROGRAMADA', at(60)), now)).toBe(false);
    expect(isCampaignEditable(campaign('PROGRAMADA', at(30)), now)).toBe(false);
  });

  it('is closed in progress, finished and cancelled, but a cancelled campaign keeps its save button', () => {
    for (const status of ['EM_ANDAMENTO', 'FINALIZADA', 'CANCELADA'] as const) expect(isCampaignEditable(campaign(status, at(600)), now)).toBe(false);
    expect(showsSave(campaign('CANCELADA'), now)).toBe(true);
    expect(showsSave(campaign('EM_ANDAMENTO'), now)).toBe(false);
    expect(showsSave(campaign('FINALIZADA'), now)).toBe(false);
    expect(showsSave(campaign('PROGRAMADA', at(10)), now)).toBe(false);
  });
});

describe('toCampaignInput', () => {
  it('sends blank texts and unset choices as null', () => {
    const input = toCampaignInput({ ...emptyCampaignForm(), name: ' Natal ', message1: 'Olá {nome}', message2: '   ', contactListId: '4' });
    expect(input).toMatchObject({ name: 'Natal', message1: 'Olá {nome}', message2: null, message5: null, contactListId: 4, tagListId: null, whatsappId: null, fileListId: null, scheduledAt: null });
  });

  it('sends the confirmation variants only while confirmation is on', () => {
    const values = { ...emptyCampaignForm(), name: 'Natal', confirmationMessage1: 'Confirma?' };
    expect(toCampaignInput({ ...values, confirmation: true }).confirmationMessage1).toBe('Confirma?');
    expect(toCampaignInput({ ...values, confirmation: false }).confirmationMessage1).toBeNull();
  });

  it('sends the start as the instant the browser means, with its offset', () => {
    const input = toCampaignInput({ ...emptyCampaignForm(), name: 'Natal', scheduledAt: '2030-05-06T09:30' });
    expect(new Date(String(input.scheduledAt)).getTime()).toBe(new Date('2030-05-06T09:30').getTime());
    expect(input.scheduledAt).toMatch(/^2030-05-06T09:30:00([+-]\d{2}:\d{2}|Z)$/);
  });
});

describe('addVariable (a shortcut is added only once)', () => {
  it('adds a new shortcut and refuses one already used, whatever its case or braces', () => {
    const one = addVariable([], { key: 'loja', value: 'Centro' });
    expect(one).toEqual([{ key: 'loja', value: 'Centro' }]);
    expect(addVariable(one!, { key: 'LOJA', value: 'Outra' })).toBeNull();
    expect(addVariable(one!, { key: '{loja}', value: 'Outra' })).toBeNull();
    expect(addVariable(one!, { key: 'cupom', value: 'X' })).toHaveLength(2);
  });
});
