import { prisma } from "~/server/db.server";

export async function findAnalysisForJob(id: string) {
  return prisma.analysis.findUnique({ where: { id }, select: { id: true, status: true, analysisType: true } });
}
