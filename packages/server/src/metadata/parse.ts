// Parsing a metadata JSON document into what the market stores and shows.
import { displayImageUrl } from '@aiamarket/shared';
import { MetadataError } from './options.js';

export interface ParsedMetadata {
  name: string | null;
  imageUrl: string | null;
  description: string | null;
  properties: { name: string; value: string }[];
}

const text = (v: unknown, max = 2_000) =>
  typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : null;

/** Name, image, description and properties of a metadata JSON document. */
export function parseMetadata(body: string): ParsedMetadata {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new MetadataError('invalid JSON', false);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new MetadataError('metadata is not a JSON object', false);
  }
  const doc = json as Record<string, unknown>;
  const properties: { name: string; value: string }[] = [];
  if (Array.isArray(doc.attributes)) {
    for (const a of doc.attributes as Record<string, unknown>[]) {
      const name = text(a?.trait_type ?? a?.name, 100);
      const value = text(a?.value, 200);
      if (name !== null && value !== null) properties.push({ name, value });
    }
  } else if (doc.properties && typeof doc.properties === 'object') {
    for (const [k, v] of Object.entries(doc.properties as Record<string, unknown>)) {
      const value = text(v, 200);
      if (value !== null) properties.push({ name: k.slice(0, 100), value });
    }
  }
  const image = text(doc.image ?? doc.image_url, 2_048);
  return {
    name: text(doc.name, 256),
    // ipfs:// is stored as the path of the server's own gateway so that browsers can load it.
    imageUrl: image === null ? null : displayImageUrl(image),
    description: text(doc.description, 5_000),
    properties: properties.slice(0, 100),
  };
}
