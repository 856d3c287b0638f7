import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A POS's token as the database keeps it: AES-256-GCM under a key derived (HKDF-SHA-256) from the server's
 * secret, `v1.<iv>.<tag>.<ciphertext>` in base64url. Never answered by the API; read only to send an invoice.
 */
export type FiscalSecrets = { seal: (token: string) => string; open: (sealed: string) => string };

export function fiscalSecrets(serverSecret: string): FiscalSecrets {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'pos-fiscal', 'fiscal-token-v1', 32));
  return {
    seal(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable fiscal token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
