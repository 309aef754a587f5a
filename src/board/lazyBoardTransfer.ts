import { lazyModule } from '../dom/lazyModule.js'

/**
 * The transfer of cards between the boards of a group (`boardTransfer.ts` and the drop
 * session it drives), loaded on use: `<PhysicsWorld group>` starts loading it when its
 * board joins a group, and a drag that begins before it has loaded stays in its own board.
 */
export const boardTransferModule = lazyModule(() => import('./boardTransfer.js'))
