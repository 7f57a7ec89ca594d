import type { FastifyInstance } from 'fastify';
import type { Hex, LocalAccount } from 'viem';

export interface IssuedMessage {
  message: string;
  nonce: string;
  domain: string;
  uri: string;
  chainId: number;
  issuedAt: string;
  expirationTime: string;
}

/** GET nonce, then the message for it (the two calls the web app makes). */
export async function issueMessage(app: FastifyInstance, address: string): Promise<IssuedMessage> {
  const nonceRes = await app.inject({ method: 'GET', url: `/v1/api/user/nonce/${address}` });
  if (nonceRes.statusCode !== 200) throw new Error(`nonce: ${nonceRes.body}`);
  const nonce = nonceRes.json().data as string;
  const res = await app.inject({
    method: 'GET',
    url: `/v1/api/user/signMessage/${address}?nonce=${nonce}`,
  });
  if (res.statusCode !== 200) throw new Error(`signMessage: ${res.body}`);
  return res.json().data as IssuedMessage;
}

export function authNew(
  app: FastifyInstance,
  body: { userAddr: string; signature: string; msg: string },
) {
  return app.inject({ method: 'POST', url: '/v1/api/user/authNew', payload: body });
}

/** A complete sign-in with a local account; returns the session token. */
export async function signIn(app: FastifyInstance, account: LocalAccount): Promise<string> {
  const issued = await issueMessage(app, account.address);
  const signature: Hex = await account.signMessage({ message: issued.message });
  const res = await authNew(app, { userAddr: account.address, signature, msg: issued.message });
  if (res.statusCode !== 200) throw new Error(`authNew: ${res.body}`);
  return res.json().data as string;
}
