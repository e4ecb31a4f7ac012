// Importing this module injects every endpoint of spec §7 into `baseApi` (the store and tests import it once).
export { configApi } from './configApi';
export { rentApi } from '../features/rent/rentApi';
export { vacantApi } from '../features/vacant/vacantApi';
export { tokensApi } from '../features/tokens/tokensApi';
export { nftsApi } from '../features/nfts/nftsApi';
export { cnftsApi } from '../features/cnfts/cnftsApi';
export { trashApi } from '../features/trash/trashApi';
export { queueApi } from '../features/queue/queueApi';
