// Importing this module injects every endpoint of docs/PRODUCT.md#server-calls into `baseApi` (the store and tests import it once).
import './configApi';
import './authApi';
import '../features/recover/rent/rentApi';
import '../features/recover/vacant/vacantApi';
import '../features/assets/tokens/tokensApi';
import '../features/assets/nfts/nftsApi';
import '../features/assets/cnfts/cnftsApi';
import '../features/trash/trash/trashApi';
import '../features/trash/queue/queueApi';
