import { auditEveryRoute } from '../support/route-audit';

auditEveryRoute('signed in');
