import type { Operation } from '../../operations/operation.ts';
import { linkAccount, unlinkAccount } from './accountLinks.ts';
import { patients } from './patients.resource.ts';
import { confirmLink, requestLink } from './selfLink.ts';
import { acceptLink, declineLink, listMyLinkRequests } from './linkRequests.ts';

export const operations: Operation[] = [...patients.operations, linkAccount, unlinkAccount, requestLink, confirmLink, listMyLinkRequests, acceptLink, declineLink];
