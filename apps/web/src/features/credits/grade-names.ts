import { planNames, type Grade } from '@lumen/contracts/plans';

/** The grades the perks table compares; 4 exists only in the gating tables and reads as pro. */
export const comparedGrades: Grade[] = [0, 1, 2, 3];

/** i18n key of a grade's plan name (the membership strings own them). */
export function gradeNameKey(grade: number): string {
  const name = planNames[(grade >= 0 && grade <= 4 ? grade : 0) as Grade];
  return `pay.grades.${name}`;
}
