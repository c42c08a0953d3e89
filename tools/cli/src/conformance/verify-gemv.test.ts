import { conformanceTests } from './matrix.ts';

conformanceTests('gemv');
