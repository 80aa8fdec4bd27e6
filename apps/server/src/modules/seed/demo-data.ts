/**
 * What the demo company's month is made of: customers, the conversations they had, the quick
 * replies and schedules of its agents. Plain data; demo-history.ts turns it into rows.
 */

export const DEMO_CUSTOMERS = [
  'Mariana Oliveira', 'João Pedro Santos', 'Ana Clara Souza', 'Lucas Ferreira', 'Juliana Rodrigues', 'Gabriel Almeida',
  'Fernanda Lima', 'Rafael Costa', 'Camila Gomes', 'Thiago Ribeiro', 'Beatriz Carvalho', 'Felipe Martins',
  'Larissa Araújo', 'Gustavo Rocha', 'Patrícia Dias', 'Eduardo Barbosa', 'Aline Teixeira', 'Rodrigo Moreira',
  'Letícia Cardoso', 'Marcelo Nunes', 'Vanessa Pinto', 'Diego Mendes', 'Tatiane Freitas', 'Leandro Correia',
  'Priscila Castro', 'André Vieira', 'Daniela Monteiro', 'Bruno Henrique Lopes', 'Renata Cavalcanti', 'Fábio Azevedo',
  'Luana Batista', 'Vinícius Farias', 'Carolina Duarte', 'Paulo Sérgio Reis', 'Isabela Rezende', 'Ricardo Campos',
] as const;

/**
 * Area codes away from 11 and 21: the journeys' customers write from 55119… and 55219… numbers,
 * and the simulator refuses numbers ending in 404; none of these does.
 */
const AREA_CODES = ['31', '41', '51', '61', '71', '81', '85', '27', '48', '62', '91', '34'];

/** The i-th seeded customer's WhatsApp number (13 digits, a mobile). */
export function demoNumber(i: number): string {
  return `55${AREA_CODES[i % AREA_CODES.length]}9${String(81_234_507 + i * 104_729).slice(-8)}`;
}

/** A conversation: the customer ('c') and the agent ('a') taking turns, in order. */
export type Script = Array<['c' | 'a', string]>;

export const SALES_SCRIPTS: Script[] = [
  [['c', 'Boa tarde! Vocês têm o modelo azul em estoque?'], ['a', 'Boa tarde! Temos sim, nos tamanhos M e G.'], ['c', 'Qual o valor do G?'], ['a', 'R$ 149,90, com frete grátis acima de R$ 200.'], ['c', 'Perfeito, vou fechar. Obrigado!']],
  [['c', 'Olá, gostaria de um orçamento para 20 unidades.'], ['a', 'Olá! Para 20 unidades conseguimos 10% de desconto.'], ['c', 'Ótimo. Consegue me mandar por escrito?'], ['a', 'Claro, enviei o orçamento para o seu e-mail.']],
  [['c', 'Oi! Aceitam Pix?'], ['a', 'Oi! Aceitamos Pix, cartão em até 6x e boleto.'], ['c', 'Vou pagar no Pix então, obrigada']],
  [['c', 'Bom dia, o prazo de entrega para Curitiba é de quantos dias?'], ['a', 'Bom dia! De 3 a 5 dias úteis após a confirmação do pagamento.'], ['c', 'Combinado, vou fazer o pedido hoje.'], ['a', 'Qualquer dúvida estamos à disposição!']],
  [['c', 'Vocês fazem entrega no sábado?'], ['a', 'Fazemos sim, das 8h às 12h.'], ['c', 'Ótimo, obrigado!']],
];

export const SUPPORT_SCRIPTS: Script[] = [
  [['c', 'Meu pedido ainda não chegou, já faz uma semana.'], ['a', 'Sinto muito pela demora! Pode me passar o número do pedido?'], ['c', 'É o 48213.'], ['a', 'Localizei: ele saiu para entrega hoje e chega até as 18h.'], ['c', 'Ah, que bom. Obrigada!']],
  [['c', 'O produto veio com defeito, como faço a troca?'], ['a', 'Que pena! Vou gerar uma etiqueta de devolução sem custo para você.'], ['c', 'Certo, e o novo demora quanto?'], ['a', 'Enviamos assim que a devolução for postada.']],
  [['c', 'Não consigo acessar minha conta no site.'], ['a', 'Vamos resolver! Enviei um link para redefinir a senha no seu e-mail.'], ['c', 'Deu certo, obrigado!']],
  [['c', 'Preciso da segunda via do boleto.'], ['a', 'Claro! Segue o link da segunda via, com vencimento para sexta.'], ['c', 'Recebi, obrigada']],
  [['c', 'Quero cancelar minha assinatura.'], ['a', 'Entendo. Posso oferecer dois meses com 50% de desconto antes de cancelar?'], ['c', 'Pode ser, vou ficar mais um pouco.'], ['a', 'Combinado! O desconto já está aplicado.']],
];

/** What a customer still waiting, or still talking, wrote last. */
export const OPEN_OPENERS = [
  'Oi, vocês ainda têm a promoção de Black Friday?',
  'Boa tarde, meu pedido consta como entregue mas não recebi.',
  'Olá! Queria trocar o tamanho da camiseta que comprei.',
  'Bom dia, vocês emitem nota fiscal para CNPJ?',
  'Oi, qual o horário de atendimento da loja física?',
  'Preciso alterar o endereço de entrega do meu pedido.',
  'Vocês têm cupom para primeira compra?',
];

export const DEMO_QUICK_MESSAGES: Array<{ shortcode: string; message: string }> = [
  { shortcode: 'bomdia', message: 'Bom dia! Aqui é da Empresa Demo, em que posso ajudar?' },
  { shortcode: 'prazo', message: 'O prazo de entrega é de 3 a 5 dias úteis após a confirmação do pagamento.' },
  { shortcode: 'pagamento', message: 'Aceitamos Pix, cartão de crédito em até 6x sem juros e boleto.' },
  { shortcode: 'troca', message: 'Você pode trocar em até 30 dias: geramos uma etiqueta de devolução sem custo.' },
  { shortcode: 'obrigado', message: 'Obrigado pelo contato! Se precisar de algo mais, é só chamar.' },
];

export const DEMO_SCHEDULES: Array<{ body: string; daysFromNow: number; hourUtc: number }> = [
  { body: 'Olá! Passando para lembrar que seu boleto vence amanhã.', daysFromNow: -12, hourUtc: 13 },
  { body: 'Seu pedido foi enviado! Qualquer dúvida, estamos por aqui.', daysFromNow: -5, hourUtc: 15 },
  { body: 'Oi! Conseguiu receber o produto? Conte como foi a sua experiência.', daysFromNow: 1, hourUtc: 13 },
  { body: 'Lembrete: sua assinatura renova na próxima semana com o desconto combinado.', daysFromNow: 3, hourUtc: 14 },
  { body: 'A promoção que você perguntou começa hoje. Posso reservar o seu?', daysFromNow: 6, hourUtc: 12 },
];
