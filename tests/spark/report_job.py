"""The conformance of a URL corpus on a Spark cluster, with urlbnf.

Each partition of the URLs is streamed through `urlbnf report --json -` with
RDD.pipe (one partial report per partition); `urlbnf report --merge` joins the
partial reports into exactly the report of the whole corpus.

    spark-submit --files target/release/urlbnf report_job.py urls.txt
    spark-submit --files target/release/urlbnf report_job.py \
        --parquet url crawl.parquet --out report.json

On a cluster, `--files` puts the binary in each executor's working directory,
where the default `--urlbnf ./urlbnf` finds it; in local mode give its path.
Each URL is one line to urlbnf: a value holding a line break would count as
several inputs, so such values are reported and left out.
"""

import argparse
import subprocess
import sys

from pyspark.sql import SparkSession


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("input", help="a text file (one URL per line) or a Parquet dataset")
    p.add_argument("--parquet", metavar="COLUMN", help="read this column of a Parquet dataset")
    p.add_argument("--urlbnf", default="./urlbnf", help="the urlbnf binary on the executors")
    p.add_argument("--merge-with", default=None, help="the urlbnf binary on the driver (default: --urlbnf)")
    p.add_argument("--partitions", type=int, default=None, help="at least this many partitions")
    p.add_argument("--out", default="-", help="where the merged JSON report goes (default: stdout)")
    p.add_argument("--options", default="", help="more `urlbnf report` options, e.g. '--grammar rfc1738'")
    args = p.parse_args()

    spark = SparkSession.builder.appName("urlbnf report").getOrCreate()
    if args.parquet:
        urls = spark.read.parquet(args.input).select(args.parquet).rdd.map(lambda row: row[0])
        nulls = urls.filter(lambda u: u is None).count()
        if nulls:
            print(f"{nulls} null values are not URLs: left out", file=sys.stderr)
        broken = urls.filter(lambda u: u is not None and ("\n" in u or "\r" in u)).count()
        if broken:
            print(f"{broken} values hold a line break: left out", file=sys.stderr)
        urls = urls.filter(lambda u: u is not None and "\n" not in u and "\r" not in u)
        if args.partitions:
            urls = urls.repartition(args.partitions)
    else:
        urls = spark.sparkContext.textFile(args.input, minPartitions=args.partitions or 2)
    print(f"{urls.getNumPartitions()} partitions", file=sys.stderr)

    # One partial report per partition: urlbnf reads the partition's URLs, one
    # per line, and writes one line of JSON.
    command = f"{args.urlbnf} report --json {args.options} -"
    parts = urls.pipe(command, checkCode=True).collect()

    # The merge is exact, in any order: the report of the whole corpus.
    merged = subprocess.run(
        [args.merge_with or args.urlbnf, "report", "--merge", "--json", "-"],
        input="\n".join(parts) + "\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    if args.out == "-":
        sys.stdout.write(merged)
    else:
        with open(args.out, "w") as f:
            f.write(merged)
    spark.stop()


if __name__ == "__main__":
    main()
