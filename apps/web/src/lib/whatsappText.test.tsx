import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormattedText, plainText } from './whatsappText';

const html = (text: string) => render(<p>{<FormattedText text={text} />}</p>).container.querySelector('p')!.innerHTML;

describe('message text formatting', () => {
  it('makes asterisk pairs bold and tilde pairs struck through', () => {
    expect(html('Olá *Maria*, o preço é ~R$ 50~ R$ 40')).toBe('Olá <strong>Maria</strong>, o preço é <s>R$ 50</s> R$ 40');
  });

  it('nests marks and keeps lone or spaced markers as typed', () => {
    expect(html('*muito ~caro~*')).toBe('<strong>muito <s>caro</s></strong>');
    expect(html('2*3*4 e * solto * e 5 * 6')).toBe('2*3*4 e * solto * e 5 * 6');
  });

  it('turns links into anchors that open in a new tab, without the closing punctuation', () => {
    const { container } = render(<FormattedText text="Veja https://exemplo.com.br/pedido?id=1. Ou www.loja.com" />);
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(2);
    expect(links[0].getAttribute('href')).toBe('https://exemplo.com.br/pedido?id=1');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(links[0].getAttribute('rel')).toContain('noopener');
    expect(links[1].getAttribute('href')).toBe('https://www.loja.com');
    expect(container.textContent).toBe('Veja https://exemplo.com.br/pedido?id=1. Ou www.loja.com');
  });

  it('never renders raw HTML: tags show as the text the customer typed', () => {
    const { container } = render(<FormattedText text={'<img src=x onerror="alert(1)"> <b>oi</b> *<i>x</i>*'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('i')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> <b>oi</b> <i>x</i>');
    expect(container.querySelector('strong')?.textContent).toBe('<i>x</i>');
  });

  it('does not link javascript: addresses', () => {
    const { container } = render(<FormattedText text="javascript:alert(1)" />);
    expect(container.querySelector('a')).toBeNull();
  });

  it('strips the markers for one-line previews and keeps lone ones as typed', () => {
    expect(plainText('*Bruno Agente:*\nOlá, ~R$ 50~ *R$ 40*')).toBe('Bruno Agente:\nOlá, R$ 50 R$ 40');
    expect(plainText('2*3*4 e * solto *')).toBe('2*3*4 e * solto *');
    expect(plainText(null)).toBe('');
  });
});
