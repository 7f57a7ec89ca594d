import fs from 'node:fs';
import { parseDeployment, type Deployment } from '@aiamarket/shared';
import { StartupError } from '../config.js';

/** Reads the deployed addresses for the configured chain; null when nothing is deployed yet. */
export function loadDeployment(file: string, chainId: number): Deployment | null {
  if (!fs.existsSync(file)) return null;
  let deployment: Deployment;
  try {
    deployment = parseDeployment(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (err) {
    const reason = (err as Error).message.split('\n')[0];
    throw new StartupError(`DEPLOYMENTS_FILE: ${file} is not a valid deployment file: ${reason}`);
  }
  if (deployment.chainId !== chainId) {
    throw new StartupError(
      `DEPLOYMENTS_FILE: ${file} is for chain ${deployment.chainId}, but CHAIN_ID is ${chainId}`,
    );
  }
  return deployment;
}
