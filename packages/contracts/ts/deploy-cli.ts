// Deploys the contracts and writes the deployment file.
//   RPC_URL=http://127.0.0.1:8545 CHAIN_ID=31337 DEPLOYER_PRIVATE_KEY=0x... \
//   DEPLOYMENTS_FILE=../shared/deployments/31337.json npm run deploy -w @aiamarket/contracts
// WRAPPED_AIA=0x... uses that wrapped AIA instead of deploying one (required on chain 1319).
// `-- --upgrade` brings the deployment in DEPLOYMENTS_FILE up to this build instead (the market's
// implementation upgraded, changed order books replaced and linked; see upgradeDeployment).
// A missing or bad setting prints one line and exits with status 1.
import { resolve } from 'node:path';
import { chainById } from '@aiamarket/shared';
import { BaseError, isAddress } from 'viem';
import type { Hex } from 'viem';
import {
  WRAPPED_AIA_CONFIGURED_CHAIN_ID,
  deployContracts,
  readDeployment,
  upgradeDeployment,
} from './deploy.js';

class ConfigError extends Error {}

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new ConfigError(`${name} is not set`);
  return value;
}

function readConfig() {
  const rpcUrl = required('RPC_URL');
  let url: URL;
  try {
    url = new URL(rpcUrl);
  } catch {
    throw new ConfigError(`RPC_URL is not a URL: ${rpcUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`RPC_URL must be an http(s) URL, got ${rpcUrl}`);
  }

  const chainIdText = required('CHAIN_ID');
  const chainId = Number(chainIdText);
  if (!/^\d+$/.test(chainIdText) || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new ConfigError(`CHAIN_ID must be a positive integer, got ${chainIdText}`);
  }
  if (!chainById(chainId)) throw new ConfigError(`CHAIN_ID ${chainId} is not a supported chain`);

  const privateKey = required('DEPLOYER_PRIVATE_KEY');
  if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey)) {
    throw new ConfigError('DEPLOYER_PRIVATE_KEY must be 0x followed by 64 hex digits');
  }

  const outFile = resolve(required('DEPLOYMENTS_FILE'));
  const wrappedAia = process.env.WRAPPED_AIA?.trim() || undefined;
  if (wrappedAia !== undefined && !isAddress(wrappedAia)) {
    throw new ConfigError(`WRAPPED_AIA must be an address, got ${wrappedAia}`);
  }
  if (wrappedAia === undefined && chainId === WRAPPED_AIA_CONFIGURED_CHAIN_ID) {
    throw new ConfigError(`WRAPPED_AIA is not set (required on chain ${chainId})`);
  }
  return { rpcUrl, chainId, privateKey: privateKey as Hex, outFile, wrappedAia };
}

async function main(): Promise<void> {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`deploy: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  try {
    const log = (line: string) => console.log(line);
    if (process.argv.includes('--upgrade')) {
      const current = await readDeployment(config.outFile);
      const { replaced, kept } = await upgradeDeployment({ ...config, deployment: current, log });
      for (const name of kept) console.log(`${name} changed but holds state: kept as it is`);
      console.log(replaced.length ? `wrote ${config.outFile}` : 'nothing to replace');
      return;
    }
    const deployment = await deployContracts({ ...config, log });
    console.log(
      `wrote ${config.outFile} (${Object.keys(deployment.contracts).length} contracts, chain ${deployment.chainId})`,
    );
  } catch (err) {
    // viem errors carry a multi-line description; keep the short message and its details.
    const message =
      err instanceof BaseError
        ? `${config.rpcUrl}: ${err.shortMessage}${err.details ? ` (${err.details})` : ''}`
        : err instanceof Error
          ? err.message.split('\n')[0]
          : String(err);
    console.error(`deploy: ${message}`);
    process.exit(1);
  }
}

await main();
