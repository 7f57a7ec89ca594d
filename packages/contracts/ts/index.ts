export {
  ANVIL_ACCOUNTS,
  ANVIL_MNEMONIC,
  freePort,
  resolveAnvilBinary,
  startAnvil,
} from './anvil.js';
export type { AnvilAccount, AnvilInstance, StartAnvilOptions } from './anvil.js';
export {
  DEMO_LAUNCHPAD,
  DEMO_MARKET,
  DEPLOY_STEPS,
  DEPLOYED_CONTRACT_NAMES,
  WRAPPED_AIA_CONFIGURED_CHAIN_ID,
  contractStep,
  deployContracts,
  isDeployed,
  readDeployment,
  readDeploymentIfExists,
  sendAndWait,
  upgradeDeployment,
  writeDeployment,
} from './deploy.js';
export type {
  DeployContext,
  DeployOptions,
  DeployStep,
  DeployedContract,
  UpgradeResult,
} from './deploy.js';
export { CONTRACT_KIND, ITEM_STATUS, PRICE_HASH_SALT, SALE_STATE, priceHash } from './market.js';
