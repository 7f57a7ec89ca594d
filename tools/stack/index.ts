export { startStack, freePort, type Stack, type StackOptions } from './stack.js';
export { buildAll } from './build.js';
export { consoleSteps, silentSteps, type StepLogger } from './steps.js';
export { ROOT, PACKAGES } from './paths.js';
export { demoAccountKey, DEMO_ACCOUNT_COUNT } from './demo-accounts.js';
export { launchChromium, CHROMIUM_PATH } from './chromium.js';
