// The project's ESLint plugin, `adscout` in eslint.config.js.
import { layerImports } from './layer-imports.js';
import { noTestOnlyModules } from './no-test-only-modules.js';

export default { rules: { 'layer-imports': layerImports, 'no-test-only-modules': noTestOnlyModules } };
