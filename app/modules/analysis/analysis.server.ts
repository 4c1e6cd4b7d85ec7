import { prisma } from "~/modules/db.server";

export async function findAnalysisForJob(id: string) {
  return prisma.analysis.findUnique({ where: { id }, select: { id: true, status: true, analysisType: true } });
}
