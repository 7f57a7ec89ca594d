// The bench reads how many events Ponder stored once its back-fill is done.
import { db } from 'ponder:api';
import { marketEvent, transfer } from 'ponder:schema';
import { count } from 'ponder';
import { Hono } from 'hono';

const app = new Hono();

app.get('/bench/counts', async (c) => {
  const [market] = await db.select({ n: count() }).from(marketEvent);
  const [transfers] = await db.select({ n: count() }).from(transfer);
  return c.json({ market: market?.n ?? 0, transfers: transfers?.n ?? 0 });
});

export default app;
