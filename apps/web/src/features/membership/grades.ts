import { planNames, type Grade } from '@lumen/contracts/plans';

/** The plan key of a grade ('free', 'basic', 'plus', 'pro'); 4 reads as pro. */
export function gradeKey(grade: number): string {
  return planNames[(grade >= 0 && grade <= 4 ? grade : 0) as Grade];
}
